import type { AuthUser, Profile } from "../auth/types";
import { formatLongDay } from "./dates";

/** What Settings shows of the signed-in person, read-only. */
export interface ProfileFacts {
  fullName: string;
  email: string;
  role: string;
  memberSince: string;
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The profile as people read it: the role capitalised, the member-since date in words. */
export function profileFacts(user: AuthUser | null, profile: Profile | null, locale?: string): ProfileFacts {
  return {
    fullName: profile?.full_name || user?.fullName || "",
    email: user?.email ?? "",
    role: profile?.role ? capitalise(profile.role) : "",
    memberSince: profile?.created_at ? formatLongDay(profile.created_at, locale) : "",
  };
}
