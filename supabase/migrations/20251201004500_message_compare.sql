-- A question asked from a comparison ("Ask about these changes", issue 45) names its two versions: compare is
-- {"a": <version A's document id>, "b": <version B's>} (ChatMessage.compare, src/lib/dash/chat.ts), so the
-- conversation's questions are answered from the changes between them on every device. It is a column of messages,
-- under the messages' own row-level security; rows from before have none (an ordinary question).
alter table public.messages
  add column compare jsonb check (
    compare is null or jsonb_typeof(compare) = 'object'
    and coalesce(compare ->> 'a' ~ '^[\w.:@+-]+$' and char_length(compare ->> 'a') <= 256, false)
    and coalesce(compare ->> 'b' ~ '^[\w.:@+-]+$' and char_length(compare ->> 'b') <= 256, false)
  );

comment on column public.messages.compare is 'The two versions (document ids a, b) of the comparison a question was asked from.';
