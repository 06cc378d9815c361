/** Only the business screen still imports the form state from here; it lives in lib/admin/forms.ts. */
export type { FormState } from './admin/forms.ts';
