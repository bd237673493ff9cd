// JSON-T of the audio player (rendered against the item).
export const AUDIO_PLAYER = `<script>Y.use('squarespace-audio-player-frontend');</script>
<div class="squarespace-audio-player" data-audio-asset-url="{structuredContent.audioAssetUrl|htmlattr}" \
data-item-id="{id|htmlattr}" id="audio-player-{id|htmlattr}"></div>`
