import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PartnerMe } from '../../../contract/partners';
import { PARTNER_COOKIE_DAYS_DEFAULT } from '../../../contract/partners';
import { partnerApplicationSnapshot, selectMayApplyAgain } from '../../../machines/partner-application/partner-application.selectors';
import { queryClient } from '../../data/query-client';
import { partnerKeys } from './api/partner-queries';
import { ApplicationForm } from './ApplicationForm';
import { ApplicationStatus } from './ApplicationStatus';

/** Not a partner (yet): what the program is, and the application or where it stands. */
export function ProgramScreen({ me }: { me: PartnerMe }) {
  const application = me.application;
  const [applyingAgain, setApplyingAgain] = useState(false);
  const mayApplyAgain = application ? selectMayApplyAgain(partnerApplicationSnapshot(application.state)) : true;
  const showForm = !application || (mayApplyAgain && applyingAgain);
  const sent = () => {
    setApplyingAgain(false);
    void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  };

  return (
    <div className="investor-program">
      <ProgramFacts />
      <div className="investor-program-side">
        {application ? <ApplicationStatus application={application} onApplyAgain={mayApplyAgain && !applyingAgain ? () => setApplyingAgain(true) : undefined} /> : null}
        {showForm ? <ApplicationForm onSent={sent} onCancel={application ? () => setApplyingAgain(false) : undefined} /> : null}
      </div>
    </div>
  );
}

function ProgramFacts() {
  const { t } = useLingui();
  const days = PARTNER_COOKIE_DAYS_DEFAULT;
  const facts = [
    { title: t`Your own links`, text: t`Create a link for each campaign and share it as an address or a QR code. Clicks, registrations and funded clients are counted per link.` },
    { title: t`Fair attribution`, text: t`A visitor who registers within ${days} days of opening your link is your client, once and for good.` },
    { title: t`Rewards you can check`, text: t`A one-off reward for a client's first deposit and a rate for every lot traded on live accounts. Every reward names the deposit or deal it came from and the rate applied.` },
    { title: t`Two levels`, text: t`Invite other partners: you earn a share of what your sub-partners earn.` },
  ];
  return (
    <section className="card investor-facts" aria-labelledby="program-facts-title">
      <h2 id="program-facts-title" className="card-title">
        <Trans>How the program works</Trans>
      </h2>
      <ul className="investor-fact-list">
        {facts.map((fact) => (
          <li key={fact.title}>
            <strong>{fact.title}</strong>
            <p>{fact.text}</p>
          </li>
        ))}
      </ul>
      <p className="field-hint investor-facts-foot">
        <Trans>Rewards are paid into a partner wallet; withdraw them or move them to one of your trading accounts at any time.</Trans>
      </p>
    </section>
  );
}
