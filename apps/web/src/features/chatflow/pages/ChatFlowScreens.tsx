import { Route, Routes } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { ChatFlowsPage } from './ChatFlowsPage';

// The builder (and @xyflow/react) is a chunk of its own, fetched when /chat-flow/builder opens.
const ChatFlowBuilderPage = lazyPage(() => import('./ChatFlowBuilderPage'), 'ChatFlowBuilderPage');

/**
 * /chat-flow and /chat-flow/builder (SPEC §2) behind one lazy route of the app's router: the
 * first download carries one route entry for both screens.
 */
export function ChatFlowScreens() {
  return (
    <Routes>
      <Route index element={<ChatFlowsPage />} />
      <Route path="builder" element={<ChatFlowBuilderPage />} />
    </Routes>
  );
}
