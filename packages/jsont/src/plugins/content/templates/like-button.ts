// JSON-T of the simple-liking button (rendered against { id, likeCount }).
export const LIKE_BUTTON = `<span class="sqs-simple-like" data-item-id="{id|htmlattr}" data-like-count="{likeCount|htmlattr}">
    <span class="like-icon"></span>
    <span class="like-count"></span>
  </span>`
