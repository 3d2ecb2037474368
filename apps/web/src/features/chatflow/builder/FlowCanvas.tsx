import type { FlowDraft, FlowRoute, FlowStep } from '@conversa/shared/chatbot';
import { Badge, Box, Paper, Text } from '@mantine/core';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
  type NodeSelectionChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { IconClock, IconRepeatOff } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteSteps, handleSlot, moveStep, setStepRoute, slotHandle, START_NODE_ID, type RouteSlot } from './edit';
import { useRouteLabel } from './RoutePicker';

interface SlotInfo {
  handle: string;
  label: string;
  /** What the handle shows under the node (the full label is its title and accessible name). */
  short: ReactNode;
  route: FlowRoute | null;
}

const SHORT: Record<RouteSlot['kind'], ReactNode> = {
  condition: null,
  next: '',
  attempts: <IconRepeatOff size={11} />,
  noAnswer: <IconClock size={11} />,
};

interface StepNodeData extends Record<string, unknown> {
  step: FlowStep;
  steps: FlowStep[];
  isStart: boolean;
  hasIssues: boolean;
  slots: SlotInfo[];
}

interface StartNodeData extends Record<string, unknown> {
  outOfHours: boolean;
}

type StepNodeType = Node<StepNodeData, 'step'>;
type StartNodeType = Node<StartNodeData, 'start'>;
type CanvasNode = StepNodeType | StartNodeType;

function slotsOf(step: FlowStep, t: (key: string, options?: Record<string, unknown>) => string): SlotInfo[] {
  const label = (slot: RouteSlot) => {
    if (slot.kind !== 'condition') return t(`chatFlow.canvas.slots.${slot.kind}`);
    const condition = step.conditions.find((c) => c.id === slot.conditionId);
    if (!condition) return '';
    return condition.type === 'any' ? t('chatFlow.condition.types.any') : condition.value || '?';
  };
  const slots: { slot: RouteSlot; route: FlowRoute | null }[] =
    step.conditions.length > 0
      ? [
          ...step.conditions.map((c) => ({ slot: { kind: 'condition' as const, conditionId: c.id }, route: c.route })),
          { slot: { kind: 'attempts' }, route: step.maxAttemptsRoute },
          { slot: { kind: 'noAnswer' }, route: step.noAnswerRoute },
        ]
      : [{ slot: { kind: 'next' }, route: step.next }];
  return slots.map(({ slot, route }) => ({ handle: slotHandle(slot), label: label(slot), short: SHORT[slot.kind] ?? label(slot), route }));
}

const StepNode = memo(function StepNode({ data, selected }: NodeProps<StepNodeType>) {
  const { t } = useTranslation();
  const routeLabel = useRouteLabel();
  const { step, slots, hasIssues, isStart } = data;
  const firstText = step.interactions.find((i) => i.kind === 'text');
  const exits = slots.filter((s) => s.route && s.route.kind !== 'step');
  return (
    <Paper
      withBorder
      shadow={selected ? 'md' : 'xs'}
      p="xs"
      pb="lg"
      w={Math.max(220, slots.length * 40)}
      style={{
        borderColor: hasIssues ? 'var(--mantine-color-red-6)' : selected ? 'var(--mantine-color-blue-6)' : undefined,
        borderWidth: selected || hasIssues ? 2 : 1,
      }}
      data-testid={`step-node-${step.id}`}
    >
      <Handle type="target" position={Position.Top} id="in" />
      <Text fw={600} size="sm" truncate>
        {step.name || t('chatFlow.step.unnamed')}
      </Text>
      {isStart && (
        <Badge size="xs" variant="light" color="teal">
          {t('chatFlow.canvas.first')}
        </Badge>
      )}
      <Text size="xs" c="dimmed" lineClamp={2}>
        {firstText?.kind === 'text' && firstText.text
          ? firstText.text
          : t('chatFlow.canvas.interactions', { total: step.interactions.length })}
      </Text>
      {exits.map((slot) => (
        <Text key={slot.handle} size="xs" c="grape" truncate>
          {slot.label}: {routeLabel(slot.route, data.steps)}
        </Text>
      ))}
      {slots.map((slot, i) => (
        <Handle
          key={slot.handle}
          type="source"
          position={Position.Bottom}
          id={slot.handle}
          style={{ left: `${((i + 1) / (slots.length + 1)) * 100}%` }}
          title={slot.label}
          aria-label={slot.label}
        >
          <Box
            component="span"
            style={{
              position: 'absolute',
              top: -16,
              left: '50%',
              transform: 'translateX(-50%)',
              fontSize: 10,
              whiteSpace: 'nowrap',
              pointerEvents: 'none',
            }}
          >
            {slot.short}
          </Box>
        </Handle>
      ))}
    </Paper>
  );
});

const StartNode = memo(function StartNode({ data }: NodeProps<StartNodeType>) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="xl" px="md" py={6} bg="var(--mantine-color-teal-light)" data-testid="start-node">
      <Text size="sm" fw={600}>
        {t('chatFlow.canvas.start')}
      </Text>
      <Handle
        type="source"
        position={Position.Bottom}
        id="start"
        style={{ left: data.outOfHours ? '33%' : '50%' }}
        title={t('chatFlow.canvas.start')}
      />
      <Handle
        type="source"
        position={Position.Bottom}
        id="outOfHours"
        style={{ left: '66%', opacity: data.outOfHours ? 1 : 0.4 }}
        title={t('chatFlow.canvas.slots.outOfHours')}
      />
    </Paper>
  );
});

const NODE_TYPES = { step: StepNode, start: StartNode };

interface FlowCanvasProps {
  definition: FlowDraft;
  selectedStepId: string | null;
  /** Step ids with problems (red border). */
  invalidStepIds: Set<string>;
  edit: (change: (definition: FlowDraft) => FlowDraft, key?: string) => void;
  onSelect: (stepId: string | null) => void;
}

/** One node per step, an edge per route to a step (options, next, after the attempts, no answer, first interaction, out of hours). */
export function FlowCanvas({ definition, selectedStepId, invalidStepIds, edit, onSelect }: FlowCanvasProps) {
  const { t } = useTranslation();

  const built = useMemo(() => {
    const startStep = definition.steps.find((s) => s.id === definition.startStepId) ?? definition.steps[0];
    const nodes: CanvasNode[] = [
      {
        id: START_NODE_ID,
        type: 'start',
        position: { x: (startStep?.position.x ?? 0) + 60, y: (startStep?.position.y ?? 0) - 110 },
        data: { outOfHours: definition.outOfHoursRoute !== null },
        deletable: false,
        draggable: false,
        selectable: false,
      },
      ...definition.steps.map((step): StepNodeType => ({
        id: step.id,
        type: 'step',
        position: step.position,
        selected: step.id === selectedStepId,
        ariaLabel: step.name,
        data: {
          step,
          steps: definition.steps,
          isStart: step.id === definition.startStepId,
          hasIssues: invalidStepIds.has(step.id),
          slots: slotsOf(step, t),
        },
      })),
    ];
    const edges: Edge[] = [];
    const arrow = { type: MarkerType.ArrowClosed };
    edges.push({
      id: `${START_NODE_ID}:start`,
      source: START_NODE_ID,
      sourceHandle: 'start',
      target: definition.startStepId,
      deletable: false,
      markerEnd: arrow,
    });
    if (definition.outOfHoursRoute?.kind === 'step')
      edges.push({
        id: `${START_NODE_ID}:outOfHours`,
        source: START_NODE_ID,
        sourceHandle: 'outOfHours',
        target: definition.outOfHoursRoute.stepId,
        label: t('chatFlow.canvas.slots.outOfHours'),
        markerEnd: arrow,
        style: { strokeDasharray: '4 4' },
      });
    for (const step of definition.steps)
      for (const slot of slotsOf(step, t))
        if (slot.route?.kind === 'step')
          edges.push({
            id: `${step.id}:${slot.handle}`,
            source: step.id,
            sourceHandle: slot.handle,
            target: slot.route.stepId,
            targetHandle: 'in',
            label: slot.label,
            markerEnd: arrow,
          });
    return { nodes, edges };
  }, [definition, selectedStepId, invalidStepIds, t]);

  const [nodes, setNodes] = useState<CanvasNode[]>(built.nodes);
  const [edges, setEdges] = useState<Edge[]>(built.edges);
  // The draft changed (an edit, undo, redo): the canvas takes it, keeping what xyflow measured and which edge is selected.
  const [synced, setSynced] = useState(built);
  if (synced !== built) {
    setSynced(built);
    setNodes((previous) => {
      const byId = new Map(previous.map((n) => [n.id, n]));
      return built.nodes.map((n) => {
        const old = byId.get(n.id);
        return old?.measured ? { ...n, measured: old.measured } : n;
      });
    });
    setEdges((previous) => {
      const selected = new Set(previous.filter((e) => e.selected).map((e) => e.id));
      return built.edges.map((e) => (selected.has(e.id) ? { ...e, selected: true } : e));
    });
  }

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      // Removals go through onDelete (one undo step for the nodes and their edges).
      setNodes((current) =>
        applyNodeChanges(
          changes.filter((c) => c.type !== 'remove'),
          current,
        ),
      );
      // One click selects a node and deselects the previous one, in node order: the selected one wins.
      const selects = changes.filter((c): c is NodeSelectionChange => c.type === 'select' && c.id !== START_NODE_ID);
      const picked = selects.find((c) => c.selected);
      if (picked) onSelect(picked.id);
      else if (selects.some((c) => c.id === selectedStepId)) onSelect(null);
    },
    [onSelect, selectedStepId],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) =>
      setEdges((current) =>
        applyEdgeChanges(
          changes.filter((c) => c.type !== 'remove'),
          current,
        ),
      ),
    [],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const target = connection.target;
      if (!target || target === START_NODE_ID) return;
      const route: FlowRoute = { kind: 'step', stepId: target };
      if (connection.source === START_NODE_ID) {
        if (connection.sourceHandle === 'outOfHours') edit((d) => ({ ...d, outOfHoursRoute: route }));
        else edit((d) => ({ ...d, startStepId: target }));
        return;
      }
      const slot = handleSlot(connection.sourceHandle);
      if (slot) edit((d) => setStepRoute(d, connection.source, slot, route));
    },
    [edit],
  );

  const onDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: CanvasNode[]; edges: Edge[] }) => {
      edit((d) => {
        let next = d;
        for (const edge of cut) {
          if (edge.source === START_NODE_ID) {
            if (edge.sourceHandle === 'outOfHours') next = { ...next, outOfHoursRoute: null };
            continue;
          }
          const slot = handleSlot(edge.sourceHandle);
          if (slot) next = setStepRoute(next, edge.source, slot, null);
        }
        const ids = gone.filter((n) => n.id !== START_NODE_ID).map((n) => n.id);
        return ids.length ? deleteSteps(next, ids) : next;
      });
      if (gone.some((n) => n.id === selectedStepId)) onSelect(null);
    },
    [edit, onSelect, selectedStepId],
  );

  const onNodeDragStop = useCallback(
    (_: unknown, _node: CanvasNode, dragged: CanvasNode[]) => {
      edit((d) => dragged.filter((n) => n.id !== START_NODE_ID).reduce((acc, n) => moveStep(acc, n.id, n.position), d));
    },
    [edit],
  );

  return (
    <ReactFlow<CanvasNode, Edge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onDelete={onDelete}
      onNodeDragStop={onNodeDragStop}
      onPaneClick={() => onSelect(null)}
      isValidConnection={(c) => c.target !== START_NODE_ID && c.source !== c.target}
      deleteKeyCode={['Delete', 'Backspace']}
      nodesFocusable
      edgesFocusable
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.2}
      ariaLabelConfig={{
        'node.a11yDescription.default': t('chatFlow.canvas.a11y.node'),
        'node.a11yDescription.keyboardDisabled': t('chatFlow.canvas.a11y.node'),
        'edge.a11yDescription.default': t('chatFlow.canvas.a11y.edge'),
        'controls.ariaLabel': t('chatFlow.canvas.a11y.controls'),
        'controls.zoomIn.ariaLabel': t('chatFlow.canvas.a11y.zoomIn'),
        'controls.zoomOut.ariaLabel': t('chatFlow.canvas.a11y.zoomOut'),
        'controls.fitView.ariaLabel': t('chatFlow.canvas.a11y.fitView'),
        'controls.interactive.ariaLabel': t('chatFlow.canvas.a11y.interactive'),
      }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
