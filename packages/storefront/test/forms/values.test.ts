// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { isValidEmail, validateForm } from '../../src/forms/validate.js'
import { formValues } from '../../src/forms/values.js'
import { page } from '../content/helpers.js'
import { check, formHtml, setValue } from './fixture.js'

const form = () => document.querySelector('form')!

describe('field value rules', () => {
  beforeEach(() => page(formHtml()))

  it('gives every kind its value shape; sections are skipped', () => {
    setValue('text', 'Hello')
    setValue('message', 'Hi')
    setValue('name-First', 'Ann')
    setValue('name-Last', 'Lee')
    setValue('address-Line1', '1 Main St')
    setValue('address-City', 'Springfield')
    setValue('date-Month', '7')
    setValue('date-Day', '4')
    setValue('date-Year', '2025')
    setValue('time-Hour', '9')
    setValue('time-Ampm', 'AM')
    setValue('phone-Areacode', '555')
    setValue('phone-Prefix', '123')
    setValue('phone-Line', '4567')
    setValue('phone4-Country', '44')
    check('checkbox', 'Z')
    check('checkbox', 'X')
    check('radio', 'B')
    setValue('select', 'Two')
    check('likert-1', '2')
    const v = formValues(form(), '')
    expect(v).toEqual({
      text: 'Hello',
      message: 'Hi',
      note: '',
      email: '',
      name: ['Ann', 'Lee'],
      address: ['1 Main St', '', 'Springfield', '', '', ''],
      date: ['7', '4', '2025'],
      time: ['9', '', '', 'AM'],
      phone: ['', '555', '123', '4567'],
      phone4: ['44', '', '', ''],
      checkbox: ['X', 'Z'],
      radio: 'B',
      select: 'Two',
      likert: { Fast: '2' },
      hidden: 'direct',
    })
    expect(Object.keys(v)).not.toContain('section')
  })

  it('radio gives the first checked value, or empty', () => {
    expect(formValues(form(), '').radio).toBe('')
  })

  it('hidden gives the URL query value of the same name, else its own value', () => {
    expect(formValues(form(), '?utm_source=newsletter&x=1').hidden).toBe('newsletter')
    expect(formValues(form(), '?other=1').hidden).toBe('direct')
  })
})

describe('validation', () => {
  beforeEach(() => page(formHtml()))

  it('email: 3 to 256 characters, last label 2 to 4 alphanumerics', () => {
    for (const ok of ['a@b.co', 'x.y@mail.example.info', `${'a'.repeat(244)}@example.com`]) expect(isValidEmail(ok), ok).toBe(true)
    for (const bad of ['a@b.c', 'a@b.toolong', 'ab', 'nobody.example.com', `${'a'.repeat(245)}@example.com`]) expect(isValidEmail(bad), bad).toBe(false)
  })

  it('required, the email message, the character limit; max 0 is ignored; empty email is valid when not required', () => {
    setValue('email', 'nope@x')
    setValue('message', 'x'.repeat(11))
    setValue('note', 'y'.repeat(500))
    const errors = validateForm(form(), formValues(form(), ''))
    expect(errors).toEqual({
      text: 'Your text is required.',
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
      message: 'You have exceeded the character limit.',
    })
    setValue('email', '')
    setValue('text', 't')
    setValue('message', 'x'.repeat(10))
    expect(validateForm(form(), formValues(form(), ''))).toEqual({})
  })

  it('required fields carry the required class', () => {
    expect(document.querySelector('[data-field-id="text"]')!.classList.contains('required')).toBe(true)
  })
})
