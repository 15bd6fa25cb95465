import type { FirmPerson } from "./firmApi";

/** A person as the workspace names them: their name, or their e-mail when they gave none. */
export const nameOfPerson = (person: Pick<FirmPerson, "fullName" | "email">): string => person.fullName ?? person.email;

/** Up to two initials of a name ("Ada Lovelace": "AL"; "carol@firm.test": "C"). */
export function initialsOf(name: string): string {
  const words = name.replace(/@.*$/, "").split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join("") || "?";
}

/** The name of a colleague by id, when the firm's list has them. */
export const nameById = (people: readonly FirmPerson[], id: string | undefined): string | undefined => {
  const person = id ? people.find((p) => p.userId === id) : undefined;
  return person && nameOfPerson(person);
};
