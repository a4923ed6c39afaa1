// The call-center phones that "Help" shows: in the frame's footer, and in the help popover that the frame loads on
// the first press (frame-overlays.tsx). Its own file so that the popover does not import the frame that loads it
// (an import cycle; the popover takes only types from the frame).
import type { CountryCode } from '@portal/contracts/enums';
import { AllCallCenterPhones, CallCenterPhones } from '../ui/call-center-phones.tsx';

/**
 * Whose phones the help shows: the logged-in patient's country (undefined while the profile loads: the
 * program's default country), or every country of the program for a visitor (decision 015).
 */
export type HelpCountry = { kind: 'patient'; country?: CountryCode } | { kind: 'visitor' };

export function HelpPhones({ help }: { help: HelpCountry }) {
  return help.kind === 'patient' ? <CallCenterPhones country={help.country} /> : <AllCallCenterPhones />;
}
