/** The label of the in-browser demo backend: nothing a visitor types here leaves this browser. */
export default function DemoModeNotice({ id }: { id?: string }) {
  return (
    <p id={id} role="note" className="rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm text-ink">
      <strong className="font-semibold text-accent">Demo mode</strong>: accounts and sign-ins are kept in this browser
      only and nothing is sent to a server.
    </p>
  );
}
