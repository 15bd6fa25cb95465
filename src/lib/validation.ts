export const PASSWORD_MIN_LENGTH = 6;

/** Validation messages of the specification (section 5), shared by every form. */
export const messages = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  fullNameRequired: "Full name is required",
  nameRequired: "Name is required",
  messageRequired: "Message is required",
} as const;

// Something@something.tld with no spaces: what "looks like an e-mail" means to a visitor.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the trimmed value looks like an e-mail address. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The message for an e-mail field, or undefined when it is valid. */
export function validateEmail(value: string): string | undefined {
  if (!value.trim()) return messages.emailRequired;
  if (!isEmail(value)) return messages.emailInvalid;
  return undefined;
}

/** The message for a required text field, or undefined when it has non-blank content. */
export function validateRequired(value: string, message: string): string | undefined {
  return value.trim() ? undefined : message;
}

/** Drops the fields without a message, so an empty object means valid. */
export function compactErrors<K extends string>(errors: Record<K, string | undefined>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key];
    if (message) out[key] = message;
  }
  return out;
}

/** The first field, in screen order, that has a message; undefined when none has. */
export function firstInvalid<K extends string>(order: readonly K[], errors: Partial<Record<K, string | undefined>>): K | undefined {
  return order.find((key) => errors[key]);
}
