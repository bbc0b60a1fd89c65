import React from 'react';
import {NavigationContainer} from '@react-navigation/native';
import {createBottomTabNavigator} from '@react-navigation/bottom-tabs';
import Plants from './src/Plants';
import LightCheck from './src/LightCheck';

const Tab = createBottomTabNavigator();

const linking = {
  prefixes: ['sprout://', 'https://sprout.example.com'],
  config: {screens: {Plants: 'plants/:id?', Light: 'light'}},
};

export default function App({careRemindersEnabled}: {careRemindersEnabled: boolean}) {
  return (
    <NavigationContainer linking={linking}>
      <Tab.Navigator>
        <Tab.Screen name="Plants" component={Plants} initialParams={{careRemindersEnabled}} />
        <Tab.Screen name="Light" component={LightCheck} />
      </Tab.Navigator>
    </NavigationContainer>
  );
}
