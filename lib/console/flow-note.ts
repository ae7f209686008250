/** What the flow runner says of where its requests go: the same words before and after its code loads. */
export const FLOW_NOTE =
  "Each request goes to this site's sandbox with your current sandbox token, the one every tab of this site shares; with none yet, the first step gets one. IDs from each answer carry into the next request.";
