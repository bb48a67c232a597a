import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PARTNER_CAMPAIGN_MAX, PARTNER_LINKS_MAX, type PartnerLink } from '../../../contract/partners';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { CopyIcon } from '../../ui/icons/CopyIcon';
import { DownloadIcon } from '../../ui/icons/DownloadIcon';
import { LinkIcon } from '../../ui/icons/LinkIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { createPartnerLink } from './api/partner-actions';
import { partnerKeys, partnerLinksQuery } from './api/partner-queries';
import { formatCount } from './investor-format';
import { downloadQr, QrCode } from './QrCode';

/** The partner's referral links: a new one for a campaign, and each as an address, a QR code and its counts. */
export function LinksScreen() {
  const { t } = useLingui();
  const links = useQuery(partnerLinksQuery(), queryClient);
  const [created, setCreated] = useState<number | null>(null);
  const full = (links.data?.length ?? 0) >= PARTNER_LINKS_MAX;

  return (
    <div className="investor-stack">
      {full ? null : (
        <NewLinkForm
          onCreated={(link) => {
            setCreated(link.id);
            queryClient.setQueryData(partnerLinksQuery().queryKey, (list) => [link, ...(list ?? []).filter((l) => l.id !== link.id)]);
            void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
          }}
        />
      )}
      <section aria-labelledby="links-title" className="investor-links">
        <h2 id="links-title" className="section-title">
          <Trans>Your links</Trans>
        </h2>
        {links.isError && !links.data ? (
          <LoadError onRetry={() => void links.refetch()} retrying={links.isFetching}>
            <Trans>Your links could not be loaded.</Trans>
          </LoadError>
        ) : !links.data ? (
          <LoadingState />
        ) : links.data.length === 0 ? (
          <EmptyState icon={<LinkIcon />} title={t`No links yet`}>
            <p>
              <Trans>Create a link for each place you share it: the figures are kept per link.</Trans>
            </p>
          </EmptyState>
        ) : (
          <ul className="investor-link-list">
            {links.data.map((link) => (
              <LinkCard key={link.id} link={link} fresh={link.id === created} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NewLinkForm({ onCreated }: { onCreated: (link: PartnerLink) => void }) {
  const { t } = useLingui();
  const form = useForm(
    { campaign: '' },
    (data) => createPartnerLink(data.campaign.trim()),
    (output) => {
      form.set('campaign', '');
      onCreated(output as PartnerLink);
    },
  );
  return (
    <form className="card investor-new-link" onSubmit={form.onSubmit} noValidate aria-labelledby="new-link-title">
      <h2 id="new-link-title" className="investor-card-title">
        <Trans>New link</Trans>
      </h2>
      <FormBanner message={form.message} />
      <div className="investor-new-link-row">
        <TextField
          label={t`Campaign name`}
          required
          maxLength={PARTNER_CAMPAIGN_MAX}
          autoComplete="off"
          hint={t`Where you will share it, for example "Telegram channel" or "Spring webinar".`}
          {...form.field('campaign')}
        />
        <SubmitButton busy={form.busy} block={false}>
          <Trans>Create link</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

function LinkCard({ link, fresh }: { link: PartnerLink; fresh: boolean }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const [copied, setCopied] = useState<boolean | null>(null);
  const titleId = `link-${link.id}-title`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // A browser that refuses the clipboard: the address stays selectable on screen.
      setCopied(false);
    }
  }
  const file = `traderoom-${link.code}`;

  return (
    <li className={`card investor-link${fresh ? ' investor-link-fresh' : ''}`}>
      <div className="investor-link-main">
        <h3 id={titleId} className="investor-link-title">
          {link.campaign}
        </h3>
        <p className="field-hint">
          <Trans>Created {i18n.date(new Date(link.created_at), { dateStyle: 'medium' })}</Trans>
        </p>
        <div className="investor-url">
          <input className="input mono" readOnly value={link.url} aria-label={t`Address of ${link.campaign}`} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
            <CopyIcon size={18} />
            <Trans>Copy</Trans>
          </button>
        </div>
        <p className="investor-copied" role="status">
          {copied === true ? t`Address copied.` : copied === false ? t`Copying is not allowed here: select the address and copy it.` : ''}
        </p>
        <dl className="investor-link-counts">
          <div>
            <dt>
              <Trans>Clicks</Trans>
            </dt>
            <dd>{formatCount(link.clicks, lang)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Registrations</Trans>
            </dt>
            <dd>{formatCount(link.registrations, lang)}</dd>
          </div>
        </dl>
        {fresh ? (
          <p className="banner banner-success">
            <Trans>Link created. Share the address or the QR code.</Trans>
          </p>
        ) : null}
      </div>
      <div className="investor-qr">
        <QrCode text={link.url} label={t`QR code of ${link.campaign}`} size={144} />
        <div className="investor-qr-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void downloadQr(link.url, file, 'svg')} aria-label={t`Download the QR code of ${link.campaign} as SVG`}>
            <DownloadIcon size={16} />
            SVG
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void downloadQr(link.url, file, 'png')} aria-label={t`Download the QR code of ${link.campaign} as PNG`}>
            <DownloadIcon size={16} />
            PNG
          </button>
        </div>
      </div>
    </li>
  );
}
