import { authMessages } from "./messages";
import { PASSWORD_MIN_LENGTH, compactErrors, messages, validateEmail, validateRequired } from "../validation";

export type AuthMode = "signIn" | "signUp";

export interface AuthFields {
  fullName: string;
  email: string;
  password: string;
}

export type AuthFieldErrors = Partial<Record<keyof AuthFields, string>>;

export type AuthBanner = { kind: "error" | "success"; text: string } | null;

/** The /login form: mode, what was typed, per-field errors, the banner, and whether a request runs. */
export interface AuthFormState {
  mode: AuthMode;
  fields: AuthFields;
  errors: AuthFieldErrors;
  banner: AuthBanner;
  busy: boolean;
}

export type AuthFormAction =
  | { type: "toggle"; mode: AuthMode }
  | { type: "edit"; field: keyof AuthFields; value: string }
  | { type: "invalid"; errors: AuthFieldErrors }
  | { type: "submit" }
  | { type: "failed"; message: string }
  | { type: "signedUp" };

const EMPTY_FIELDS: AuthFields = { fullName: "", email: "", password: "" };
export const INITIAL_AUTH_FORM: AuthFormState = { mode: "signIn", fields: EMPTY_FIELDS, errors: {}, banner: null, busy: false };

/** The fields in screen order, for focusing the first invalid one. */
export const AUTH_FIELD_ORDER: (keyof AuthFields)[] = ["fullName", "email", "password"];

/** The section-5 message for a password: required, and at least 6 characters. */
export function validatePassword(password: string): string | undefined {
  if (!password) return messages.passwordRequired;
  return password.length < PASSWORD_MIN_LENGTH ? messages.passwordTooShort : undefined;
}

export interface NewPasswordFields {
  password: string;
  confirm: string;
}

/** 'Set a new password': the new one as any password, and the same again. */
export function validateNewPassword({ password, confirm }: NewPasswordFields): Partial<Record<keyof NewPasswordFields, string>> {
  return compactErrors({
    password: validatePassword(password),
    confirm: !confirm ? messages.passwordRequired : confirm !== password ? authMessages.passwordMismatch : undefined,
  });
}

/** The section-5 messages for the form; full name only counts when signing up. */
export function validateAuthForm(mode: AuthMode, fields: AuthFields): AuthFieldErrors {
  const password = validatePassword(fields.password);
  return compactErrors({
    fullName: mode === "signUp" ? validateRequired(fields.fullName, messages.fullNameRequired) : undefined,
    email: validateEmail(fields.email),
    password,
  });
}

/** How the form changes: toggling starts afresh; editing a field clears its error and the banner. */
export function authFormReducer(state: AuthFormState, action: AuthFormAction): AuthFormState {
  switch (action.type) {
    case "toggle":
      return state.busy || state.mode === action.mode ? state : { ...INITIAL_AUTH_FORM, mode: action.mode };
    case "edit":
      return {
        ...state,
        fields: { ...state.fields, [action.field]: action.value },
        errors: { ...state.errors, [action.field]: undefined },
        banner: null,
      };
    case "invalid":
      return { ...state, errors: action.errors, banner: null };
    case "submit":
      return { ...state, errors: {}, banner: null, busy: true };
    case "failed":
      return { ...state, busy: false, banner: { kind: "error", text: action.message } };
    case "signedUp":
      return { ...state, busy: false, fields: EMPTY_FIELDS, banner: { kind: "success", text: authMessages.signUpSuccess } };
  }
}
