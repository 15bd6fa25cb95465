import { describe, expect, it } from "vitest";
import { buildContactMailto, buildContactPayload, validateContact } from "./contact";

const valid = { name: "Maria", email: "maria@example.com", message: "We need a chatbot." };

describe("validateContact", () => {
  it("accepts a complete message", () => {
    expect(validateContact(valid)).toEqual({});
  });
  it("names every missing field with its message", () => {
    expect(validateContact({ name: " ", email: "", message: "\n" })).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
  });
  it.each(["maria", "maria@", "maria@example", "ma ria@example.com", "@example.com"])(
    "rejects %s as an e-mail",
    (email) => {
      expect(validateContact({ ...valid, email })).toEqual({ email: "Please enter a valid email" });
    },
  );
});

describe("buildContactPayload", () => {
  it("trims the fields and adds the id, the page and an ISO timestamp", () => {
    const payload = buildContactPayload(
      { name: " Maria ", email: " maria@example.com", message: "Hi \n" },
      "/contact",
      new Date("2026-03-01T10:00:00Z"),
      "id-1",
    );
    expect(payload).toEqual({
      id: "id-1",
      name: "Maria",
      email: "maria@example.com",
      message: "Hi",
      page: "/contact",
      timestamp: "2026-03-01T10:00:00.000Z",
    });
  });
});

describe("buildContactMailto", () => {
  it("prefills subject and body, encoded", () => {
    const href = buildContactMailto("hello@example.com", valid, "Paphos AI");
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("hello@example.com");
    expect(url.searchParams.get("subject")).toBe("Enquiry from Maria via Paphos AI");
    expect(url.searchParams.get("body")).toBe("We need a chatbot.\n\nMaria\nmaria@example.com");
  });
});
