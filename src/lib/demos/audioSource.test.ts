import { describe, expect, it } from "vitest";
import { pickAudioSource } from "./audioSource";

const opus = { src: "/a.opus", type: "audio/ogg; codecs=opus" };
const mp3 = { src: "/a.mp3", type: "audio/mpeg" };

describe("pickAudioSource", () => {
  it("takes the first format the browser can play", () => {
    expect(pickAudioSource([opus, mp3], () => "probably")).toBe(opus);
    expect(pickAudioSource([opus, mp3], (t) => (t === "audio/mpeg" ? "maybe" : ""))).toBe(mp3);
  });
  it("falls back to the last source when the browser is unsure of all", () => {
    expect(pickAudioSource([opus, mp3], () => "")).toBe(mp3);
  });
  it("has nothing to play without sources", () => {
    expect(pickAudioSource([], () => "probably")).toBeUndefined();
  });
});
