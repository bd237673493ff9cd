// The import's own errors: AppError (422 unprocessable: the file was read but cannot be imported), with a stable
// code and a message naming the line when there is one.
import { AppError } from '../../platform/errors.js'

export type ImportFailureCode = 'malformed' | 'wrong_kind' | 'missing_columns' | 'bad_row'

export class ImportFailure extends AppError {
  constructor(
    readonly reason: ImportFailureCode,
    message: string,
    readonly line?: number,
  ) {
    super('unprocessable', `import_${reason}`, message)
  }
}
