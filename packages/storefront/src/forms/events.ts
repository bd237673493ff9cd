// DOM events a site form dispatches on its wrapper (bubbling), for page modules that react to a form without
// loading the forms chunk (the popup overlay marks itself submitted on success).
export const FORM_SUCCESS_EVENT = 'sitewright:form-success'

export interface FormSuccessDetail {
  formId: string
}
