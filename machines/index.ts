import { chatEmitted, chatEvents, chatMachine } from './chat/chat.machine';
import { formEmitted, formEvents, formMachine } from './form/form.machine';
import { ipoOfferingEmitted, ipoOfferingEvents, ipoOfferingMachine } from './ipo-offering/ipo-offering.machine';
import { identityDocumentEmitted, identityDocumentEvents, identityDocumentMachine } from './identity-document/identity-document.machine';
import { loaderEmitted, loaderEvents, loaderMachine } from './loader/loader.machine';
import { localeEmitted, localeEvents, localeMachine } from './locale/locale.machine';
import { partnerApplicationEmitted, partnerApplicationEvents, partnerApplicationMachine } from './partner-application/partner-application.machine';
import { orderTicketEmitted, orderTicketEvents, orderTicketMachine } from './order-ticket/order-ticket.machine';
import { oauthEmitted, oauthEvents, oauthMachine } from './oauth/oauth.machine';
import { positionEmitted, positionEvents, positionMachine } from './position/position.machine';
import { sessionEmitted, sessionEvents, sessionMachine } from './session/session.machine';
import { themeEmitted, themeEvents, themeMachine } from './theme/theme.machine';
import { ticketEmitted, ticketEvents, ticketMachine } from './ticket/ticket.machine';
import { tradingAccountEmitted, tradingAccountEvents, tradingAccountMachine } from './trading-account/trading-account.machine';
import { walletRequestEmitted, walletRequestEvents, walletRequestMachine } from './wallet-request/wallet-request.machine';

/** Every machine of the app by name, for the chart generator and the QA paths tool. No React here. */
export const machines = {
  session: sessionMachine,
  locale: localeMachine,
  theme: themeMachine,
  loader: loaderMachine,
  form: formMachine,
  oauth: oauthMachine,
  chat: chatMachine,
  tradingAccount: tradingAccountMachine,
  orderTicket: orderTicketMachine,
  position: positionMachine,
  walletRequest: walletRequestMachine,
  identityDocument: identityDocumentMachine,
  ticket: ticketMachine,
  ipoOffering: ipoOfferingMachine,
  partnerApplication: partnerApplicationMachine,
} as const;

export type MachineName = keyof typeof machines;

export interface MachineDocs {
  /** One line per accepted event. */
  events: Readonly<Record<string, string>>;
  /** One line per emitted event (`actor.on(type, ...)`). */
  emitted: Readonly<Record<string, string>>;
}

/** The prose half of the docs; each table is checked against its machine's event types at compile time. */
export const machineDocs: Record<MachineName, MachineDocs> = {
  session: { events: sessionEvents, emitted: sessionEmitted },
  locale: { events: localeEvents, emitted: localeEmitted },
  theme: { events: themeEvents, emitted: themeEmitted },
  loader: { events: loaderEvents, emitted: loaderEmitted },
  form: { events: formEvents, emitted: formEmitted },
  oauth: { events: oauthEvents, emitted: oauthEmitted },
  chat: { events: chatEvents, emitted: chatEmitted },
  tradingAccount: { events: tradingAccountEvents, emitted: tradingAccountEmitted },
  orderTicket: { events: orderTicketEvents, emitted: orderTicketEmitted },
  position: { events: positionEvents, emitted: positionEmitted },
  walletRequest: { events: walletRequestEvents, emitted: walletRequestEmitted },
  identityDocument: { events: identityDocumentEvents, emitted: identityDocumentEmitted },
  ticket: { events: ticketEvents, emitted: ticketEmitted },
  ipoOffering: { events: ipoOfferingEvents, emitted: ipoOfferingEmitted },
  partnerApplication: { events: partnerApplicationEvents, emitted: partnerApplicationEmitted },
};
