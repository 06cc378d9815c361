/** A field's label text with whether it is needed, in the words every form uses. */
export default function FieldLabel({ label, required }: { label: string; required: boolean }) {
  return (
    <>
      {label}
      <span className="field-need">{required ? ' (required)' : ' (optional)'}</span>
    </>
  );
}
