/**
 * The design of the paper's Studies 1 and 2 (appendices C.1, C.2): the six deliveries of one failed call and the three
 * kinds of error. The stimuli are built from these and the analysis (analysis.ts) names them.
 *
 * C0 (A1B1) is the client's form; C1 (A1B2) appends the guidance sentence to the tool message; A2B1 is the runtime
 * note without guidance (the failed exchange removed); C2 (A2B2), C3 and C4 are the layer's forms.
 */
export const DELIVERY_FORMS = ['C0', 'C1', 'A2B1', 'C2', 'C3', 'C4'] as const;
export type DeliveryForm = (typeof DELIVERY_FORMS)[number];

/** The paper's names for the Study 1 cells. */
export const PAPER_NAME: Readonly<Record<DeliveryForm, string>> = { C0: 'A1B1', C1: 'A1B2', A2B1: 'A2B1', C2: 'A2B2', C3: 'C3', C4: 'C4' };

export function isDeliveryForm(value: string): value is DeliveryForm {
  return (DELIVERY_FORMS as readonly string[]).includes(value);
}

/** The kinds of failure the study delivers, each with its correct next action (repeat, fix and repeat, stop). */
export const STUDY_KINDS = ['transient', 'fixable', 'unrecoverable'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];
