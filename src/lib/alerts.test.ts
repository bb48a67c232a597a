import { describe, expect, it } from 'vitest';
import { answerAlert, currentAlert, showAlert, type AlertRequest } from './alerts';

const serverError: AlertRequest = { kind: 'server-error', tone: 'error', title: 'Oops', text: 'x', confirmLabel: 'OK' };
const expired: AlertRequest = { kind: 'session-expired', tone: 'warning', title: 'Expired', text: 'y', confirmLabel: 'OK' };

describe('alerts', () => {
  it('show one at a time and a second of the same kind shares the first one', async () => {
    const first = showAlert(serverError);
    const second = showAlert(serverError);
    expect(currentAlert()?.title).toBe('Oops');
    answerAlert('confirm');
    await expect(first).resolves.toBe('confirm');
    await expect(second).resolves.toBe('confirm');
    expect(currentAlert()).toBeNull();
  });

  it('queue an alert of another kind until the open one is answered', async () => {
    const first = showAlert(serverError);
    const second = showAlert(expired);
    expect(currentAlert()?.kind).toBe('server-error');
    answerAlert('cancel');
    await expect(first).resolves.toBe('cancel');
    expect(currentAlert()?.kind).toBe('session-expired');
    answerAlert('confirm');
    await expect(second).resolves.toBe('confirm');
  });
});
