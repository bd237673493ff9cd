import type { ReactNode } from 'react'

export function AuthLayout({
  title,
  children,
  footer,
}: {
  title: string
  children: ReactNode
  footer: ReactNode
}) {
  return (
    <main className="auth">
      <div className="auth-card">
        <p className="brand" aria-hidden="true">
          Sitewright
        </p>
        <h1>{title}</h1>
        {children}
        <div className="auth-footer">{footer}</div>
      </div>
    </main>
  )
}

export const EMAIL_MAX = 256

export function emailError(email: string): string | undefined {
  const v = email.trim()
  if (v.length < 3 || v.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+$/.test(v))
    return 'Please enter a valid email'
  return undefined
}
