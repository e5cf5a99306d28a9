import { HONEYPOT_FIELD } from '@guichet/contract/forms';

/**
 * The anti-spam trap of public forms: off-screen, out of the tab order and hidden from screen
 * readers, so only robots fill it (no CAPTCHA). Send its value as `HONEYPOT_FIELD` in the body.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={HONEYPOT_FIELD}>Ne pas remplir ce champ</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
