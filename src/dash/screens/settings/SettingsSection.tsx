import { useId, type ReactNode } from "react";

interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** One titled group of settings. */
export default function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="dash-card">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
