// /home: the operations dashboard (spec §1). Every widget fetches its own endpoint and shows its
// own loading, error and empty states; charts arrive after the numbers (useEChart, @lighting/shared/ui).
import type { ReactNode } from 'react';
import { Col, Row } from 'antd';
import './i18n';
import { NoticesWidget } from './widgets/NoticesWidget';
import { PlansWidget } from './widgets/PlansWidget';
import { SafetyWidget } from './widgets/SafetyWidget';
import { FaultsWidget } from './widgets/FaultsWidget';
import { CalendarWidget } from './widgets/CalendarWidget';
import { CableLineWidget } from './widgets/CableLineWidget';
import { PowerWidget } from './widgets/PowerWidget';
import { ProductionWidget } from './widgets/ProductionWidget';
import { PartyWidget } from './widgets/PartyWidget';
import { FeedbackWidget } from './widgets/FeedbackWidget';
import { MessagesWidget } from './widgets/MessagesWidget';

const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Col xs={24} md={wide ? 24 : 12} xl={wide ? 16 : 8}>
    {children}
  </Col>
);

export default function HomePage() {
  return (
    <div data-testid="home">
      <Row gutter={[12, 12]} align="stretch">
        <Cell wide>
          <FaultsWidget />
        </Cell>
        <Cell>
          <NoticesWidget />
        </Cell>
        <Cell>
          <PowerWidget />
        </Cell>
        <Cell>
          <ProductionWidget />
        </Cell>
        <Cell>
          <CableLineWidget />
        </Cell>
        <Cell>
          <PlansWidget />
        </Cell>
        <Cell>
          <CalendarWidget />
        </Cell>
        <Cell>
          <SafetyWidget />
        </Cell>
        <Cell>
          <FeedbackWidget />
        </Cell>
        <Cell>
          <MessagesWidget />
        </Cell>
        <Cell>
          <PartyWidget />
        </Cell>
      </Row>
    </div>
  );
}
