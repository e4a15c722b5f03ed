import type { InputHTMLAttributes, Ref } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/constants';

// Off-screen rather than display:none or the hidden attribute, which bots skip.
const offScreen = { position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' } as const;

/**
 * The honeypot: a field people never see, reach with the keyboard or hear, which form-filling
 * bots tend to fill. The server answers a filled one as a success and drops the request.
 */
export function HoneypotField({ ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" style={offScreen} data-honeypot>
      <label>
        Website
        <input ref={ref} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" {...props} />
      </label>
    </div>
  );
}
