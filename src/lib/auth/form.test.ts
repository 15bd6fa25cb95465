import { describe, expect, it } from "vitest";
import { INITIAL_AUTH_FORM, authFormReducer, validateAuthForm, type AuthFields, type AuthFormState, validateNewPassword } from "./form";

const fields = (over: Partial<AuthFields> = {}): AuthFields => ({
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  password: "secret1",
  ...over,
});

describe("validateAuthForm: the exact messages of section 5", () => {
  it.each([
    ["signUp", { fullName: "  " }, { fullName: "Full name is required" }],
    ["signIn", { fullName: "" }, {}],
    ["signIn", { email: "" }, { email: "Email is required" }],
    ["signIn", { email: "ada@" }, { email: "Please enter a valid email" }],
    ["signIn", { password: "" }, { password: "Password is required" }],
    ["signIn", { password: "12345" }, { password: "Password must be at least 6 characters" }],
    ["signUp", { password: "123456" }, {}],
  ] as const)("%s with %j gives %j", (mode, over, expected) => {
    expect(validateAuthForm(mode, fields(over))).toEqual(expected);
  });

  it("reports every empty field at once when signing up", () => {
    expect(validateAuthForm("signUp", { fullName: "", email: "", password: "" })).toEqual({
      fullName: "Full name is required",
      email: "Email is required",
      password: "Password is required",
    });
  });
});

describe("authFormReducer", () => {
  const filled: AuthFormState = {
    ...INITIAL_AUTH_FORM,
    fields: fields(),
    errors: { email: "Please enter a valid email", password: "Password is required" },
    banner: { kind: "error", text: "Invalid login credentials" },
  };

  it("toggling clears fields, errors and messages", () => {
    expect(authFormReducer(filled, { type: "toggle", mode: "signUp" })).toEqual({ ...INITIAL_AUTH_FORM, mode: "signUp" });
  });

  it("toggling to the current mode or while busy changes nothing", () => {
    expect(authFormReducer(filled, { type: "toggle", mode: "signIn" })).toBe(filled);
    const busy = { ...filled, busy: true };
    expect(authFormReducer(busy, { type: "toggle", mode: "signUp" })).toBe(busy);
  });

  it("editing a field clears its own error and the server message, and keeps the other errors", () => {
    const next = authFormReducer(filled, { type: "edit", field: "email", value: "ada@example.cy" });
    expect(next.fields.email).toBe("ada@example.cy");
    expect(next.errors.email).toBeUndefined();
    expect(next.errors.password).toBe("Password is required");
    expect(next.banner).toBeNull();
  });

  it("submitting is busy until it fails with the provider's message, keeping what was typed", () => {
    const busy = authFormReducer(filled, { type: "submit" });
    expect(busy).toMatchObject({ busy: true, banner: null, errors: {} });
    const failed = authFormReducer(busy, { type: "failed", message: "Invalid login credentials" });
    expect(failed).toMatchObject({ busy: false, fields: fields(), banner: { kind: "error", text: "Invalid login credentials" } });
  });

  it("a sign-up shows the green banner and empties the form", () => {
    const done = authFormReducer({ ...filled, mode: "signUp", busy: true }, { type: "signedUp" });
    expect(done.banner).toEqual({ kind: "success", text: "Account created! Please check your email to verify your account." });
    expect(done.fields).toEqual({ fullName: "", email: "", password: "" });
    expect(done.busy).toBe(false);
  });

  it("invalid input shows the field errors and drops an old banner", () => {
    const next = authFormReducer(filled, { type: "invalid", errors: { fullName: "Full name is required" } });
    expect(next).toMatchObject({ errors: { fullName: "Full name is required" }, banner: null });
  });
});

describe("validateNewPassword", () => {
  it.each([
    [{ password: "", confirm: "" }, { password: "Password is required", confirm: "Password is required" }],
    [{ password: "12345", confirm: "12345" }, { password: "Password must be at least 6 characters" }],
    [{ password: "123456", confirm: "1234567" }, { confirm: "Passwords do not match" }],
    [{ password: "123456", confirm: "123456" }, {}],
  ])("%j gives %j", (fields, errors) => {
    expect(validateNewPassword(fields)).toEqual(errors);
  });
});
