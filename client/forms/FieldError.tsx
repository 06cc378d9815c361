/** A field's error, tied to its control by aria-describedby and read as "Error: …". */
export default function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  ) : null;
}
