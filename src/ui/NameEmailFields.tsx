import TextField from "./TextField";

type Field = "name" | "email";

interface NameEmailFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  onChange: (field: Field, value: string) => void;
}

/** The visitor's name and e-mail, as every form that answers a visitor asks them. */
export default function NameEmailFields({ idPrefix, values, errors, onChange }: NameEmailFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={(event) => onChange("name", event.target.value)}
        error={errors.name}
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => onChange("email", event.target.value)}
        error={errors.email}
      />
    </>
  );
}
