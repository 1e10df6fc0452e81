import { redirect, type ActionFunctionArgs } from 'react-router';

/** `POST /compare/selection`: the compare toggles and the tray change the visitor's selection here. */
export async function action({ request }: ActionFunctionArgs) {
  const { compareSelectionAction } = await import('../pages/compare/action.server');
  return compareSelectionAction(request);
}

/** Nothing to show at this address: a visitor who opens it lands on the comparison. */
export function loader() {
  return redirect('/compare');
}
