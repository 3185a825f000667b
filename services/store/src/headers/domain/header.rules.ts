import { StoreLimits, type HeaderActionType, type HeaderButtonLabel, type VisibilityTarget } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';
import { isWebOrPath } from '../../shared/text.js';

/** A header block as the rules see it (spec 1 §3 'Header'). */
export interface HeaderDraft {
  title: string;
  subtitle: string | null;
  description: string | null;
  target: VisibilityTarget;
  actionType: HeaderActionType;
  url: string | null;
  product: string | null;
  productSupplier: string | null;
  buttonLabel: HeaderButtonLabel | null;
  initialColor: string;
  finalColor: string;
}

export const NEW_HEADER: HeaderDraft = {
  title: '',
  subtitle: null,
  description: null,
  target: 'all',
  actionType: 'none', // spec 1 §9: default header action none
  url: null,
  product: null,
  productSupplier: null,
  buttonLabel: null,
  initialColor: StoreLimits.defaultHeaderColor,
  finalColor: StoreLimits.defaultHeaderColor,
};

/**
 * spec 1 §5 'Header': title required, max 30; subtitle max 40; description max 130 (empty ones are null);
 * url required (and a web address or site path) when the action is url; the product and its supplier when
 * the action is product; button_label required when an action is set.
 */
export function checkHeader(d: HeaderDraft): void {
  const fields: Record<string, string[]> = {};
  const add = (f: string, m: string) => (fields[f] ??= []).push(m);
  if (!d.title) add('title', 'title is required');
  if (d.title.length > StoreLimits.headerTitleMax) add('title', `title must be at most ${StoreLimits.headerTitleMax} characters`);
  if (d.subtitle && d.subtitle.length > StoreLimits.headerSubtitleMax)
    add('subtitle', `subtitle must be at most ${StoreLimits.headerSubtitleMax} characters`);
  if (d.description && d.description.length > StoreLimits.headerDescriptionMax) {
    add('description', `description must be at most ${StoreLimits.headerDescriptionMax} characters`);
  }
  if (d.actionType === 'url') {
    if (!d.url) add('url', 'url is required when the action is url');
    else if (!isWebOrPath(d.url)) add('url', 'url must be a web address');
  }
  if (d.actionType === 'product') {
    if (!d.product) add('product', 'product is required when the action is product');
    if (!d.productSupplier) add('product_supplier', 'product_supplier is required when the action is product');
  }
  if (d.actionType !== 'none' && !d.buttonLabel) add('button_label', 'button_label is required when an action is set');
  if (Object.keys(fields).length > 0) {
    const [first] = Object.entries(fields);
    throw new ValidationError(`${first[0]}: ${first[1][0]}`, fields);
  }
}
