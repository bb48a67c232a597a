import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { IPO_TEST_QUESTIONS, type IpoAppropriateness, type IpoTestQuestionId } from '../../../contract/ipo';
import { queryClient, showLatest } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { appropriatenessQuery, takeTest } from './api/fetch-appropriateness';
import { TEST_QUESTIONS } from './ipo-labels';
import { localTime } from './ipo-format';

/**
 * The appropriateness test before a client's first application: a few questions on how IPOs work.
 * A failure shows which answers were wrong and why, and when the test can be taken again.
 */
export function AppropriatenessTest({ result }: { result: IpoAppropriateness }) {
  const { t, i18n } = useLingui();
  const [answers, setAnswers] = useState<Partial<Record<IpoTestQuestionId, string>>>({});
  const take = useMutation(
    {
      mutationFn: () => takeTest(answers as Record<IpoTestQuestionId, string>),
      onSuccess: (answer) => showLatest(appropriatenessQuery().queryKey, answer),
    },
    queryClient,
  );
  const waiting = result.passed === false && result.retake_at !== null && Date.parse(result.retake_at) > Date.now();
  const complete = IPO_TEST_QUESTIONS.every((q) => answers[q.id]);

  if (waiting) {
    const when = localTime(i18n, result.retake_at!);
    return (
      <div className="ipo-panel card" data-testid="ipo-test-failed">
        <h2>
          <Trans>Appropriateness test not passed</Trans>
        </h2>
        <p>
          <Trans>IPO subscriptions carry risks that we must be sure you understand. These answers were not right:</Trans>
        </p>
        <ul className="ipo-wrong">
          {result.wrong.map((id) => (
            <li key={id}>
              <strong>{i18n._(TEST_QUESTIONS[id].question)}</strong> {i18n._(TEST_QUESTIONS[id].why)}
            </li>
          ))}
        </ul>
        <p>
          <Trans>You can take the test again from {when}.</Trans>
        </p>
      </div>
    );
  }

  return (
    <form
      className="ipo-panel card"
      aria-labelledby="ipo-test-title"
      onSubmit={(event) => {
        event.preventDefault();
        take.mutate();
      }}
    >
      <h2 id="ipo-test-title">
        <Trans>Before your first application</Trans>
      </h2>
      <p>
        <Trans>Answer a few questions on how IPOs work. You need every answer right; if not, you can try again after 24 hours.</Trans>
      </p>
      {IPO_TEST_QUESTIONS.map((q) => (
        <fieldset key={q.id} className="ipo-question">
          <legend>{i18n._(TEST_QUESTIONS[q.id].question)}</legend>
          {q.choices.map((choice) => (
            <label key={choice} className="ipo-choice">
              <input type="radio" name={`ipo-${q.id}`} value={choice} checked={answers[q.id] === choice} onChange={() => setAnswers({ ...answers, [q.id]: choice })} />
              <span>{i18n._(TEST_QUESTIONS[q.id].choices[choice]!)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <FormBanner message={take.isError ? (messageOf(errorBody(take.error)) ?? t`Something went wrong. Please try again.`) : null} />
      <SubmitButton busy={take.isPending}>
        <Trans>Submit answers</Trans>
      </SubmitButton>
      {!complete ? (
        <p className="field-hint">
          <Trans>Answer every question to submit.</Trans>
        </p>
      ) : null}
    </form>
  );
}
