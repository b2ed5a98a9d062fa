import { GST_RATES, GST_STATES } from '@fieldport/contract/gst';
import type { Option } from './form-fields.tsx';

/** India's states and union territories as a form's choices (stores, vendors). */
export const GST_STATE_OPTIONS: Option[] = GST_STATES.map((state) => ({
  value: state.name,
  label: state.name,
}));

/** GST rates as a form's choices, "18%". */
export const GST_RATE_OPTIONS: Option[] = GST_RATES.map((rate) => ({
  value: String(rate),
  label: `${rate}%`,
}));
