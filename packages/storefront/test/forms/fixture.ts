// A rendered site form as themes/default's form partials print it (the attributes the client reads).
export interface FixtureOptions {
  captcha?: boolean
  siteKey?: string
  redirect?: string
  newsletter?: boolean
  html?: string
}

const item = (id: string, type: string, inner: string, o: { required?: boolean; max?: string; title?: string } = {}) =>
  `<div class="form-item field ${type}${o.required ? ' required' : ''}" data-field-id="${id}" data-field-type="${type}"${o.required ? ' data-required' : ''}${o.max !== undefined ? ` data-max-length="${o.max}"` : ''}>
    <label><span class="title">${o.title ?? id}</span></label>${inner}<p class="field-error" data-field-error hidden></p></div>`
const parts = (id: string, names: string[]) => names.map((n) => `<input class="field-element" name="${id}-${n}" data-part-name="${n}">`).join('')
const choices = (id: string, type: string, options: string[]) => options.map((o) => `<label><input type="${type}" name="${id}" value="${o}"> ${o}</label>`).join('')

export function formHtml(o: FixtureOptions = {}): string {
  return `<div class="form-wrapper" data-form-wrapper>
  <p data-form-problem="top" hidden>Your form has encountered a problem. Please scroll down to review.</p>
  <form data-site-form data-form-id="form1"${o.redirect ? ` data-success-redirect="${o.redirect}"` : ''}${o.newsletter ? ' data-newsletter' : ''} novalidate>
    ${item('text', 'text', '<input class="field-element" name="text">', { required: true, title: 'Your text' })}
    ${item('message', 'textarea', '<textarea class="field-element" name="message"></textarea>', { max: '10' })}
    ${item('note', 'textarea', '<textarea class="field-element" name="note"></textarea>', { max: '0' })}
    ${item('email', 'email', '<input type="email" class="field-element" name="email">')}
    ${item('name', 'name', parts('name', ['First', 'Last']))}
    ${item('address', 'address', parts('address', ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country']))}
    ${item('date', 'date', parts('date', ['Month', 'Day', 'Year']))}
    ${item('time', 'time', parts('time', ['Hour', 'Minute', 'Second']) + '<select class="field-element" name="time-Ampm" data-part-name="Ampm"><option value=""></option><option>AM</option><option>PM</option></select>')}
    ${item('phone', 'phone', parts('phone', ['Areacode', 'Prefix', 'Line']))}
    ${item('phone4', 'phone', parts('phone4', ['Country', 'Areacode', 'Prefix', 'Line']))}
    ${item('checkbox', 'checkbox', choices('checkbox', 'checkbox', ['X', 'Y', 'Z']))}
    ${item('radio', 'radio', choices('radio', 'radio', ['A', 'B']))}
    ${item('select', 'select', '<select class="field-element" name="select"><option value="">Select</option><option>One</option><option>Two</option></select>')}
    ${item('likert', 'likert', `<fieldset data-question="Fast">${choices('likert-1', 'radio', ['-2', '-1', '0', '1', '2'])}</fieldset><fieldset data-question="Friendly">${choices('likert-2', 'radio', ['-2', '-1', '0', '1', '2'])}</fieldset>`)}
    <div class="form-item section" data-field-type="section"><h3>Section</h3></div>
    <input type="hidden" name="utm_source" value="direct" data-field-id="hidden" data-field-type="hidden">
    ${o.captcha ? `<div data-captcha data-provider="altcha" data-site-key="${o.siteKey ?? 'altcha'}" data-challenge-url="/api/form/captcha/challenge" data-theme="light"></div>` : ''}
    <div data-form-errors role="alert" hidden></div>
    <div class="form-actions"><button type="submit" data-form-submit>Send</button>${o.captcha ? '<p data-captcha-state role="status" tabindex="-1" hidden></p>' : ''}</div>
  </form>
  <p data-form-problem="bottom" hidden>Your form has encountered a problem. Please scroll up to review.</p>
  <div data-form-success tabindex="-1" hidden><p>Thank you!</p>${o.html ? `<template data-form-submission-html>${o.html}</template>` : ''}</div>
</div>`
}

export function setValue(name: string, value: string) {
  const el = document.querySelector<HTMLInputElement>(`[name="${name}"]`)!
  el.value = value
}

export function check(name: string, value: string) {
  document.querySelector<HTMLInputElement>(`[name="${name}"][value="${value}"]`)!.checked = true
}
