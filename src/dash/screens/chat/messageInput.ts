/** The id of the chat's input: a suggested prompt, a removed chip or a sent message puts focus back there. */
export const MESSAGE_INPUT_ID = "chat-message";

/** Puts focus in the chat's input. */
export const focusMessageInput = (): void => document.getElementById(MESSAGE_INPUT_ID)?.focus();
