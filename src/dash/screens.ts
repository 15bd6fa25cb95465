/** A screen of the dashboard: its route under /dash, its navigation label, heading and one-line summary. */
export interface DashScreen {
  path: string;
  label: string;
  title: string;
  description: string;
  /** The screen /dash itself shows. */
  index?: boolean;
}

export const DASH_BASE = "/dash";

/** Every dashboard screen; each is also pre-rendered as /dash/<path> so deep links work on any static host. */
export const dashScreens: readonly DashScreen[] = [
  { path: "chat", label: "Chat", title: "Chat", description: "Ask the assistant about your cases, documents and legal research.", index: true },
  { path: "knowledge", label: "Knowledge Base", title: "Knowledge Base", description: "Laws, judgments and internal guides your firm relies on." },
  { path: "files", label: "Files", title: "Files", description: "Your documents and where their indexing stands." },
  { path: "cases", label: "Cases", title: "Cases", description: "The matters your firm is working on." },
  { path: "uploads", label: "Uploads", title: "Uploads", description: "Upload documents to index them for search and chat." },
  { path: "settings", label: "Settings", title: "Settings", description: "Your profile, firm information and preferences." },
];

/** The URL of a screen. */
export const screenHref = (screen: DashScreen) => `${DASH_BASE}/${screen.path}`;
