import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { SERVICE_NOTE_MAX, type ServiceOffer, type ServiceRequest } from '../../../contract/services';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { CalendarIcon } from '../../ui/icons/CalendarIcon';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { servicesQuery } from './api/get-services';
import { createServiceRequest } from './api/service-requests';
import { SERVICE_ICONS } from './service-icons';
import { ServiceRequestsList } from './ServiceRequestsList';
import '../../ui/dialog.css';
import './services.css';
import { LoadError } from '../../ui/LoadError';

export function ServicesScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Services`);
  const services = useQuery(servicesQuery(lang), queryClient);
  const [chosen, setChosen] = useState<ServiceOffer | null>(null);
  const [sent, setSent] = useState<ServiceRequest | null>(null);

  return (
    <>
      <PageHeader title={t`Services`} lead={t`Consultations, trading infrastructure and education for our clients.`} />
      {sent ? (
        <div className="banner banner-success services-sent" role="status">
          <span>
            <Trans>
              Your request for “{sent.service.title}” has been sent. Your personal manager will contact you within one business day.
            </Trans>
          </span>
        </div>
      ) : null}
      {services.isPending ? (
        <div className="service-grid" aria-busy="true">
          <span className="visually-hidden" role="status">
            <Trans>Loading services…</Trans>
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} width="100%" height={200} radius="var(--radius-lg)" />
          ))}
        </div>
      ) : services.isError ? (
        <LoadError onRetry={() => void services.refetch()}>
          <Trans>The services could not be loaded.</Trans>
        </LoadError>
      ) : (
        <ul className="service-grid">
          {services.data.map((service) => (
            <li key={service.id} className="card service-card">
              <span className="empty-icon service-icon">{SERVICE_ICONS[service.icon] ?? SERVICE_ICONS.manager}</span>
              <h2 className="service-title">{service.title}</h2>
              <p className="service-text">{service.description}</p>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setChosen(service)}
                aria-label={t`Request: ${service.title}`}
              >
                <Trans>Request</Trans>
              </button>
            </li>
          ))}
          <li className="card service-card service-card-tool">
            <span className="empty-icon service-icon">
              <CalendarIcon />
            </span>
            <h2 className="service-title">
              <Trans>Economic calendar</Trans>
            </h2>
            <p className="service-text">
              <Trans>Upcoming releases and central bank decisions, in your time zone, filtered by the currencies you trade.</Trans>
            </p>
            <Link to="/$lang/calendar" params={{ lang }} className="btn btn-primary">
              <Trans>Open the calendar</Trans>
            </Link>
          </li>
        </ul>
      )}
      <ServiceRequestsList />
      {chosen ? (
        <RequestDialog
          service={chosen}
          onClose={() => setChosen(null)}
          onSent={(request) => {
            setChosen(null);
            setSent(request);
            void queryClient.invalidateQueries({ queryKey: ['service-requests'] });
          }}
        />
      ) : null}
    </>
  );
}

/** The request form in a modal dialog: an optional note, then send. */
function RequestDialog({
  service,
  onClose,
  onSent,
}: {
  service: ServiceOffer;
  onClose: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useForm({ service_id: service.id, note: '' }, (data) => createServiceRequest(data), (output) =>
    onSent(output as ServiceRequest),
  );
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="request-title" onClose={onClose}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="request-title">{service.title}</h2>
          <button type="button" className="icon-btn" onClick={() => dialog.current?.close()} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <p className="field-hint">{service.description}</p>
        <FormBanner message={form.errors.service_id?.[0] ?? form.message} />
        <TextAreaField
          label={t`Note for your manager (optional)`}
          hint={t`For example, a convenient time to call you.`}
          rows={4}
          maxLength={SERVICE_NOTE_MAX}
          {...form.field('note')}
        />
        <DialogActions busy={form.busy} onCancel={() => dialog.current?.close()}>
          <Trans>Send request</Trans>
        </DialogActions>
      </form>
    </dialog>
  );
}
