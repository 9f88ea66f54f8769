import { redirect } from "next/navigation";

// The route / is treated like /login (SPEC section 2), which sends someone
// already signed in on to the dashboard.
export default function Home() {
  redirect("/login");
}
