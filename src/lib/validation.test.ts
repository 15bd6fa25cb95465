import { describe, expect, it } from "vitest";
import { compactErrors, firstInvalid, isEmail, messages, validateEmail, validateRequired } from "./validation";

describe("validation messages (specification section 5)", () => {
  it("uses the exact texts", () => {
    expect(messages).toMatchObject({
      emailRequired: "Email is required",
      emailInvalid: "Please enter a valid email",
      passwordRequired: "Password is required",
      passwordTooShort: "Password must be at least 6 characters",
      fullNameRequired: "Full name is required",
    });
  });
});

describe("validateEmail", () => {
  it.each([
    ["", "Email is required"],
    ["   ", "Email is required"],
    ["no-at-sign", "Please enter a valid email"],
    ["a@b", "Please enter a valid email"],
    ["a@b.cy", undefined],
    [" a@b.cy ", undefined],
  ])("%j gives %j", (value, message) => {
    expect(validateEmail(value)).toBe(message);
  });
  it("isEmail agrees", () => {
    expect(isEmail("x@y.z")).toBe(true);
    expect(isEmail("x y@z.q")).toBe(false);
  });
});

describe("validateRequired and compactErrors", () => {
  it("flags blank values only", () => {
    expect(validateRequired("  ", "Required")).toBe("Required");
    expect(validateRequired("x", "Required")).toBeUndefined();
  });
  it("keeps only fields that have a message", () => {
    expect(compactErrors({ a: undefined, b: "Bad" })).toEqual({ b: "Bad" });
  });
});

describe("firstInvalid", () => {
  it("names the first field in screen order that has a message", () => {
    expect(firstInvalid(["name", "email", "message"], { message: "Message is required", email: "Email is required" })).toBe("email");
    expect(firstInvalid(["name", "email"], {})).toBeUndefined();
  });
});
