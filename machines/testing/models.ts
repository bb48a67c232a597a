import { chatModel } from '../chat/chat.model';
import { formModel } from '../form/form.model';
import { ipoOfferingModel } from '../ipo-offering/ipo-offering.model';
import { identityDocumentModel } from '../identity-document/identity-document.model';
import type { MachineName } from '../index';
import { loaderModel } from '../loader/loader.model';
import { localeModel } from '../locale/locale.model';
import { oauthModel } from '../oauth/oauth.model';
import { orderTicketModel } from '../order-ticket/order-ticket.model';
import { partnerApplicationModel } from '../partner-application/partner-application.model';
import { positionModel } from '../position/position.model';
import { sessionModel } from '../session/session.model';
import { themeModel } from '../theme/theme.model';
import { ticketModel } from '../ticket/ticket.model';
import { tradingAccountModel } from '../trading-account/trading-account.model';
import { walletRequestModel } from '../wallet-request/wallet-request.model';
import type { MachineModel } from './model';

/** The walk of every machine in the registry, for the tests and the QA paths tool. */
export const models: Record<MachineName, MachineModel> = {
  session: sessionModel,
  locale: localeModel,
  theme: themeModel,
  loader: loaderModel,
  form: formModel,
  oauth: oauthModel,
  chat: chatModel,
  tradingAccount: tradingAccountModel,
  orderTicket: orderTicketModel,
  position: positionModel,
  walletRequest: walletRequestModel,
  identityDocument: identityDocumentModel,
  ticket: ticketModel,
  ipoOffering: ipoOfferingModel,
  partnerApplication: partnerApplicationModel,
};
