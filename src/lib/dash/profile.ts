import type { AuthUser, Profile } from "../auth/types";
import { formatLongDay } from "./dates";

/** What Settings shows of the signed-in person, read-only. */
export interface ProfileFacts {
  fullName: string;
  email: string;
  role: string;
  memberSince: string;
}

/** The name the workspace shows for the signed-in person (header, a review's marks): the profile's, else sign-up's, else the e-mail. */
export const displayName = (user: AuthUser | null, profile: Profile | null): string => profile?.full_name || user?.fullName || user?.email || "";

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
