// JSON-T of the comment fragments.

/** The comments block (rendered against { disqus, kind, id, count, state }). */
export const COMMENTS = `{.if disqus}<div class="squarespace-comments" id="disqus_thread"></div>{.or}\
<div class="squarespace-comments" id="comments-{id|htmlattr}" data-{kind}-id="{id|htmlattr}" \
data-public-comment-count="{count|htmlattr}" data-comment-state="{state|htmlattr}"></div>{.end}`

/** The link to an item's comments (rendered against { disqus, id, url, count, label }). */
export const COMMENT_LINK = `{.if disqus}<a href="{url|htmlattr}" class="sqs-comment-link sqs-disqus-comment-link" \
data-id="{id|htmlattr}"></a>{.or}<a href="{url|htmlattr}#comments-{id|htmlattr}" class="sqs-comment-link" \
data-id="{id|htmlattr}">
  {.if count}{count}
  {.end}{label|html}
  </a>{.end}`
