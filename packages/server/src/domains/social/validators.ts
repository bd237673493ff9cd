import { z } from 'zod'

const hexId = (what: string) => z.string().regex(/^[0-9a-f]{24}$/, `Unknown ${what} id.`)

/** Item ids come from the content domain; accepted as opaque tokens. */
export const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown item id.')

export const itemParams = z.object({ itemId }).strict()

export const AUTHOR_NAME_MAX = 80
export const COMMENT_BODY_MAX = 5000

export const newComment = z
  .object({
    authorName: z
      .string({ error: 'Please enter your name.' })
      .trim()
      .min(1, 'Please enter your name.')
      .max(AUTHOR_NAME_MAX, `Use at most ${AUTHOR_NAME_MAX} characters for your name.`),
    body: z
      .string({ error: 'Please enter a comment.' })
      .trim()
      .min(1, 'Please enter a comment.')
      .max(COMMENT_BODY_MAX, `Use at most ${COMMENT_BODY_MAX} characters for your comment.`),
  })
  .strict()
export type NewComment = z.infer<typeof newComment>

/** A visitor's comment: optionally a reply (`parentId`; empty from a native form that replies to nothing). */
export const postComment = newComment
  .extend({
    parentId: z
      .union([z.literal(''), z.null(), z.string().regex(/^[0-9a-f]{24}$/, 'The comment you are replying to does not exist.')])
      .optional()
      .transform((v) => v || undefined),
  })
  .strict()

export const COMMENT_STATUSES = ['approved', 'pending', 'spam'] as const
const status = z.enum(COMMENT_STATUSES, { error: 'Choose approved, pending or spam.' })

export const siteParams = z.object({ siteId: hexId('site') }).strict()
export const commentParams = z.object({ siteId: hexId('site'), commentId: hexId('comment') }).strict()

export const moderationQuery = z
  .object({
    status: status.optional(),
    itemId: itemId.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict()

export const moderationPatch = z.object({ status }).strict()

export const settingsPatch = z.object({ commentApprovalRequired: z.boolean({ error: 'Choose on or off.' }) }).strict()

const comment = z.object({ id: z.string(), authorName: z.string(), body: z.string(), createdOn: z.number(), likeCount: z.number(), parentId: z.string().nullable() })
export const postedComment = z.object({ comment: comment.extend({ status: z.enum(['approved', 'pending']) }) })
export const commentList = z.object({ comments: z.array(comment), commentCount: z.number() })
export const likeAnswer = z.object({ likeCount: z.number(), liked: z.boolean() })
const moderated = comment.extend({ itemId: z.string(), status })
export const moderatedComment = z.object({ comment: moderated })
export const moderationList = z.object({ comments: z.array(moderated), nextCursor: z.string().nullable() })
export const settingsAnswer = z.object({ settings: z.object({ commentApprovalRequired: z.boolean() }) })
