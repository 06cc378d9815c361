import FieldError from './FieldError.tsx';
import { useFieldState } from './form-state.ts';

/**
 * The checkbox that lets the office text the visitor: needed when they choose to be reached
 * by text, so it sits beside that choice. Never ticked for them: the consent is theirs to give.
 */
export default function SmsConsent() {
  const { id, errorId, checked, error, autoFocus } = useFieldState('smsConsent');
  return (
    <div className={error ? 'field check-field field-invalid' : 'field check-field'}>
      <input
        type="checkbox"
        id={id}
        name="smsConsent"
        value="on"
        defaultChecked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-field="smsConsent"
        autoFocus={autoFocus}
      />
      <label htmlFor={id}>
        You may text me about this request.{' '}
        <span className="field-hint-inline">
          We text only with your permission, so tick this box to be reached by text. Message and data rates may apply; reply STOP
          to stop.
        </span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
