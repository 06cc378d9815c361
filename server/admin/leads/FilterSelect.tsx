/** One filter of the leads list: a labelled select whose value the URL keeps. */
export default function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={`lead-${name}`}>{label}</label>
      <select id={`lead-${name}`} name={name} defaultValue={value}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
