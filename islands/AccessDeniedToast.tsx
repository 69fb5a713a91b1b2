import { useEffect } from "react";
import { toast } from "../components/toast.ts";

/** Shows the spec's 'Access Denied' toast when a page refuses the user's role (spec/1 §6, §8). */
export default function AccessDeniedToast({ text }: { text: string }) {
  useEffect(() => {
    toast({ title: "Access Denied", description: text, variant: "destructive" });
  }, [text]);
  return null;
}
