import { site } from "../../src/site.config";

/** The six service pages, in the specification's order (the same list the menu and the site config use). */
export const servicePaths = site.services.map((s) => s.href);
