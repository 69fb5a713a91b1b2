// The foreman's changes panel as a chunk of its own: /foreman loads only the button until it is tapped.
export { JobChangesPanel as default } from "../../components/JobChangesPanel.tsx";
