import React from 'react';
import {NavigationContainer} from '@react-navigation/native';
import {createBottomTabNavigator} from '@react-navigation/bottom-tabs';
import Stations from './src/Stations';
import NightMode from './src/NightMode';

const Tab = createBottomTabNavigator();

const linking = {
  prefixes: ['tidepool://', 'https://tidepool.example.com'],
  config: {screens: {Stations: 'stations/:id?', Light: 'light'}},
};

export default function App({tideAlertsEnabled}: {tideAlertsEnabled: boolean}) {
  return (
    <NavigationContainer linking={linking}>
      <Tab.Navigator>
        <Tab.Screen name="Stations" component={Stations} initialParams={{tideAlertsEnabled}} />
        <Tab.Screen name="Light" component={NightMode} />
      </Tab.Navigator>
    </NavigationContainer>
  );
}
