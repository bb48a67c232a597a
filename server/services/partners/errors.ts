/** A partner-program step refused for what the caller is (not for a field's value, a 422): the routes answer 403 or 409. */
export class PartnerRefused extends Error {
  override name = 'PartnerRefused';
  constructor(readonly reason: 'not_partner' | 'already_partner' | 'application_waiting' | 'decided') {
    super(reason);
  }
}
