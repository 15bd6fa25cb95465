import { describe, expect, test } from "vitest";
import { makeChat, testAnswer } from "../../../tests/fixtures/testChat";
import { createBrowserRepository, createShardedBrowserRepository } from "../../lib/dash/browserRepository";
import type { ChatMessage } from "../../lib/dash/chat";
import { connectAtom } from "../../lib/dash/connect";
import type { Conversation } from "../../lib/dash/conversations";
import { MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import { conversationsFeature } from "./conversations";
import { messagesFeature } from "./messages";

const CONVERSATIONS = 1000;
const MESSAGES = 20;
const PLACES = ["Nicosia", "Limassol", "Larnaca", "Paphos", "Famagusta", "Kyrenia"];
const TOPICS = ["lease", "employment", "probate", "GDPR", "tender", "negligence", "custody", "shares"];

/** A busy lawyer's workspace: 1,000 conversations of 20 messages each. */
function busyWorkspace() {
  const conversations: Conversation[] = [];
  const messages = new Map<string, ChatMessage[]>();
  for (let c = 0; c < CONVERSATIONS; c += 1) {
    const id = `conv-${String(c)}`;
    const topic = `${TOPICS[c % TOPICS.length] ?? ""} matter ${String(c)} in ${PLACES[c % PLACES.length] ?? ""}`;
    conversations.push({ id, title: `Client ${String(c)}: ${topic}`, pinned: c % 50 === 0, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, c)).toISOString() });
    const list = Array.from({ length: MESSAGES }, (_, m): ChatMessage => {
      const timestamp = new Date(Date.UTC(2026, 0, 1, 0, c, m)).toISOString();
      return m % 2 === 0
        ? { id: `${id}-${String(m)}`, role: "user", content: `Question ${String(m)} about the ${topic}: what does the District Court expect?`, timestamp, scope: "firm" }
        : { id: `${id}-${String(m)}`, role: "assistant", timestamp, scope: "firm", ...testAnswer(m, topic) };
    });
    messages.set(id, list);
  }
  return { conversations, messages };
}

const seed = busyWorkspace();

/** One frame at 60 Hz: the budget of a keystroke's search and of opening a conversation. */
const FRAME_MS = 16;
/** The budget of saving after a new message. */
const SAVE_MS = 20;

describe("search as you type, 1,000 conversations x 20 messages", () => {
  test("one keystroke, a first letter, and the first search after opening", async ({ bench }) => {
    const { conversations } = makeChat(seed);
    conversations.prepareSearch();
    const word = "famagusta";
    let i = 0;
    const keystroke = await bench("one keystroke (the query grows letter by letter, then starts again)", () => {
      i = (i % word.length) + 1;
      conversations.setSearch(word.slice(0, i));
      conversations.$groups.get();
    }).run();
    const letters = ["q", "z", "x", "k"];
    let j = 0;
    const firstLetter = await bench("a first letter (a scan of every title and message)", () => {
      j += 1;
      conversations.setSearch(letters[j % letters.length] ?? "");
      conversations.$groups.get();
    }).run();
    const prepare = await bench("focus on the search box after opening the workspace (folds all message text once)", () => {
      makeChat(seed).conversations.prepareSearch();
    }).run();
    expect(keystroke.latency.mean).toBeLessThan(FRAME_MS);
    expect(firstLetter.latency.mean).toBeLessThan(FRAME_MS);
    expect(prepare.latency.mean).toBeLessThan(FRAME_MS * 4);
  });
});

describe("open a conversation, 1,000 x 20", () => {
  test("select a conversation and read its messages", async ({ bench }) => {
    const { chat } = makeChat(seed);
    let k = 0;
    const open = await bench("select a conversation and read its messages", () => {
      k = (k + 37) % CONVERSATIONS;
      chat.select(`conv-${String(k)}`);
      chat.$activeMessages.get();
    }).run();
    expect(open.latency.mean).toBeLessThan(FRAME_MS);
  });
});

describe("save after a new message, 1,000 x 20", () => {
  test("append a message and write what changed", async ({ bench }) => {
    const made = makeChat(seed);
    const storage = new MemoryStorage();
    const options = { storage, userId: "bench", delayMs: 60_000 };
    const conversationsRepository = createBrowserRepository(conversationsFeature, options);
    const messagesRepository = createShardedBrowserRepository(messagesFeature, options);
    conversationsRepository.save(seed.conversations);
    messagesRepository.save(seed.messages);
    conversationsRepository.flush();
    messagesRepository.flush();
    await connectAtom(made.$conversations, conversationsRepository);
    await connectAtom(made.$messages, messagesRepository);
    let n = 0;
    const save = await bench("append a message to a 20-message conversation and write both records", () => {
      n = (n + 1) % CONVERSATIONS;
      made.chat.select(`conv-${String(n)}`);
      made.chat.setDraft(`Follow-up ${String(n)}`);
      made.chat.send();
      // Only the save is measured: the simulated reply is not waited for.
      made.chat.stop();
      conversationsRepository.flush();
      messagesRepository.flush();
      storage.writes.length = 0;
    }).run();
    expect(save.latency.mean).toBeLessThan(SAVE_MS);
  });
});
