/** Error bodies in Laravel's shapes, which the app reads (CONTRACT.md, Conventions). */
export interface MessageBody {
  message: string;
}

export interface ValidationErrorBody extends MessageBody {
  errors: Record<string, string[]>;
}

export function isValidationErrorBody(body: unknown): body is ValidationErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ValidationErrorBody).message === 'string' &&
    typeof (body as ValidationErrorBody).errors === 'object' &&
    (body as ValidationErrorBody).errors !== null
  );
}
