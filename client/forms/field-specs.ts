import { ISSUE_FIELD_MAX, LEAD_FIELD_MAX, MESSAGE_MAX } from '../../lib/lead-fields.ts';
import { BOOKING_HORIZON_DAYS, CONTACT_METHODS, INSURANCE_ANSWERS, PROPERTY_TYPES, URGENCIES } from '../../lib/lead-schema.ts';
import type { ChoiceSpec } from './ChoiceGroup.tsx';
import type { FieldSpec } from './Field.tsx';

/**
 * The lead forms' fields, one entry each: a form places a field by name and
 * changes only what it words differently (the ZIP's label, the phone's hint).
 */
export const LEAD_FIELDS = {
  name: { name: 'name', label: 'Your name', required: true, autoComplete: 'name', maxLength: LEAD_FIELD_MAX.name },
  phone: { name: 'phone', label: 'Phone', type: 'tel', required: true, autoComplete: 'tel', inputMode: 'tel' },
  email: { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: LEAD_FIELD_MAX.email },
  streetAddress: {
    name: 'streetAddress',
    label: 'Street address of the property',
    required: true,
    autoComplete: 'address-line1',
    maxLength: LEAD_FIELD_MAX.streetAddress,
  },
  zip: {
    name: 'zip',
    label: 'ZIP code',
    required: true,
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: LEAD_FIELD_MAX.zip,
  },
  preferredDate: {
    name: 'preferredDate',
    label: 'Preferred date',
    type: 'date',
    required: true,
    hint: `Monday to Saturday, from tomorrow up to ${BOOKING_HORIZON_DAYS} days ahead.`,
  },
  service: { name: 'service', label: 'Service', as: 'select' },
  propertyType: { name: 'propertyType', label: 'Property type', as: 'select', options: PROPERTY_TYPES },
  urgency: { name: 'urgency', label: 'How soon do you need us?', as: 'select', options: URGENCIES },
  message: {
    name: 'message',
    label: 'Anything we should know?',
    as: 'textarea',
    rows: 4,
    maxLength: MESSAGE_MAX,
    hint: 'Leaks, missing shingles, the age of the roof, the best time to call.',
  },
} as const satisfies Record<string, FieldSpec>;

/** The lead forms' radio groups; the arrival windows' choices depend on the day, so the form gives them. */
export const LEAD_CHOICES = {
  insuranceClaim: { name: 'insuranceClaim', legend: 'Is this an insurance claim?', choices: INSURANCE_ANSWERS },
  preferredContact: { name: 'preferredContact', legend: 'How should we reach you?', choices: CONTACT_METHODS },
} as const satisfies Record<string, ChoiceSpec>;

/** The /report-issue form's fields. */
export const ISSUE_FIELDS = {
  message: {
    name: 'message',
    label: 'What happened?',
    as: 'textarea',
    rows: 5,
    required: true,
    maxLength: MESSAGE_MAX,
    hint: 'What you clicked or expected, and what you saw instead.',
  },
  page: {
    name: 'page',
    label: 'Page address',
    maxLength: ISSUE_FIELD_MAX.page,
    hint: 'Filled in when you came from a page of this site.',
  },
  email: {
    name: 'email',
    label: 'Your email, if you would like a reply',
    type: 'email',
    autoComplete: 'email',
    maxLength: ISSUE_FIELD_MAX.email,
  },
} as const satisfies Record<string, FieldSpec>;
