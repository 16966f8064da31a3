import {
  FIELD_TYPES,
  FORM_ELEMENTS,
  INTERACTION_MODES,
  isDisplayElement,
  NODE_KINDS,
  PREFILL_SOURCES,
  REQUIREMENT_LEVELS,
  SUBSCRIPTION_WRITABLE_FIELDS,
} from './scenario.schema.js';
import { ELEMENT_FIELD_TYPES } from './validate.js';

/** /gateway/custom-field: what the scenario editor's palette offers (the same lists validation uses). */
export const customFieldCatalogue = () => ({
  nodeKinds: [...NODE_KINDS],
  elements: FORM_ELEMENTS.map((element) => ({
    element,
    display: isDisplayElement(element),
    fieldTypes: [...ELEMENT_FIELD_TYPES[element]],
  })),
  fieldTypes: [...FIELD_TYPES],
  requirementLevels: [...REQUIREMENT_LEVELS],
  interactionModes: [...INTERACTION_MODES],
  prefillSources: [...PREFILL_SOURCES],
  writableFields: Object.entries(SUBSCRIPTION_WRITABLE_FIELDS).map(([field, valueType]) => ({ field, valueType })),
});
